/** One leg of a generated transaction; `account` is the account's path, e.g. 'Banks/Mercury Checking'. */
export type GeneratedEntry = { account: string; amount: number; memo: string };

/** A transaction of the generated books, before it gets ids. Its entries sum to zero. */
export type GeneratedTransaction = {
  type: 'UserTransaction' | 'Imported';
  name: string;
  memo: string;
  /** YYYY-MM-DD */
  date: string;
  source: string | null;
  externalId: string | null;
  entries: GeneratedEntry[];
};
