import type { Increase } from 'increase';

/** One simulator's bank: every object it holds, by id, and its clock and counters. */
export type SimulatorState = {
  /** A distinct, increasing ISO time for each new object: the clock's, or 1 ms after the last. */
  stamp(): string;
  programId: string;
  groupEntityId: string;
  traceSequence: number;
  entities: Map<string, Increase.Entity>;
  accounts: Map<string, Increase.Account>;
  accountNumbers: Map<string, Increase.AccountNumber>;
  achTransfers: Map<string, Increase.ACHTransfer>;
  wireTransfers: Map<string, Increase.WireTransfer>;
  inboundAchTransfers: Map<string, Increase.InboundACHTransfer>;
  transactions: Map<string, Increase.Transaction>;
  pendingTransactions: Map<string, Increase.PendingTransaction>;
  cards: Map<string, Increase.Card>;
  cardDetails: Map<string, Increase.CardDetails>;
  physicalCards: Map<string, Increase.PhysicalCard>;
};
