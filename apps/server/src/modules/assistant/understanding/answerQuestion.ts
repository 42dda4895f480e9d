import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../../db/queryRows';
import { entities } from '../../../db/schema';
import { readThroughReportCache } from '../../reports/reportCache';
import { currentMonthOf, defaultRangeOf, loadAssistantReport } from '../tools/assistantReport';
import { ASSISTANT_TOOLS } from '../tools/assistantTools';
import type { Citation, ToolDataByName, ToolDeps, ToolName } from '../tools/toolTypes';
import { ToolInputError } from '../tools/toolTypes';
import type { Call, Written } from './answerText';
import { lineCandidatesOf } from './matchLine';
import { parseQuestion } from './parseQuestion';
import type { BuiltinAnswer, Intent, Vocabulary } from './questionTypes';
import {
  declineText,
  notUnderstoodText,
  writeBurn,
  writeCash,
  writeHiring,
  writeRunway,
  writeTransactions,
  writeWhatIf,
} from './writePlanAnswers';
import { writeCompare, writeFigure, writeShare, writeTopLines } from './writeReportAnswers';

/** Transaction names the parser knows as counterparties, at most (the most used first). */
const COUNTERPARTIES_MAX = 2_000;

/**
 * The built-in assistant's answer to a question: parseQuestion reads it against the company's own
 * chart and transactions, the assistant's tools (the very ones a model calls) compute the figures,
 * and the answer says what it understood, the figures with their working, and what is actual and what
 * forecast. A question it did not understand, or that is not this company's, gets no figure at all.
 */
export async function answerQuestion(
  deps: ToolDeps,
  entityId: string,
  question: string,
): Promise<BuiltinAnswer & { citations: Citation[] }> {
  const vocabulary = await loadVocabulary(deps, entityId);
  const intent = parseQuestion(question, vocabulary);
  // Each call's citations in the order the calls were made, not the order they finished: an answer
  // reading two lines at once (income and expense, this period and the last) cites them as it says them.
  const citedByCall: Citation[][] = [];
  const call = async <N extends ToolName>(
    name: N,
    args: Record<string, unknown>,
  ): Promise<ToolDataByName[N]> => {
    const slot = citedByCall.push([]) - 1;
    const result = await ASSISTANT_TOOLS[name].run(deps, entityId, args);
    citedByCall[slot] = result.citations;
    return result.data as ToolDataByName[N];
  };
  try {
    const written = await writeAnswer(intent, vocabulary, call);
    return { ...written, intent, citations: citedByCall.flat() };
  } catch (error) {
    if (!(error instanceof ToolInputError)) throw error;
    return { text: `I couldn't answer that: ${error.message}.`, intent, figures: [], citations: [] };
  }
}

/** The company's chart, name and counterparties, and its months: what the parser matches against. */
export async function loadVocabulary(deps: ToolDeps, entityId: string): Promise<Vocabulary> {
  const [view, entity, counterparties] = await Promise.all([
    loadAssistantReport(deps, entityId),
    deps.db.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId)),
    readThroughReportCache<string[]>(
      deps.db,
      entityId,
      'assistant-counterparties',
      (names) => names.length * 48,
      async (snapshot) =>
        (
          await queryRows<{ name: string }>(
            snapshot,
            sql`SELECT name FROM transactions WHERE entity_id = ${entityId}::uuid AND name <> ''
                GROUP BY name ORDER BY count(*) DESC, name LIMIT ${COUNTERPARTIES_MAX}`,
          )
        ).map((row) => row.name),
    ),
  ]);
  return {
    companyName: entity[0]?.name ?? '',
    lines: lineCandidatesOf(view),
    counterparties,
    currentMonth: currentMonthOf(deps),
    actualsEndMonth: defaultRangeOf(deps).actualsEndMonth,
  };
}

async function writeAnswer(intent: Intent, vocabulary: Vocabulary, call: Call): Promise<Written> {
  switch (intent.kind) {
    case 'figure':
      return writeFigure(intent.line, intent.period, intent.measure, vocabulary, call);
    case 'compare':
      return writeCompare(intent.line, intent.periods, vocabulary, call);
    case 'share':
      return writeShare(intent.line, intent.of, intent.period, vocabulary, call);
    case 'topLines':
      return writeTopLines(intent.parent, intent.top, intent.period, vocabulary, call);
    case 'transactions':
      return writeTransactions(intent, call);
    case 'cash':
      return writeCash(intent.period, vocabulary, call);
    case 'runway':
      return writeRunway(intent.method, call);
    case 'burn':
      return writeBurn(intent.period, vocabulary, call);
    case 'hiring':
      return writeHiring(intent.measure, intent.period, call);
    case 'whatIf':
      return writeWhatIf(intent, call);
    case 'decline':
      return { text: declineText(intent.reason, intent.name, vocabulary.companyName), figures: [] };
    case 'notUnderstood':
      return { text: notUnderstoodText(intent), figures: [] };
  }
}
