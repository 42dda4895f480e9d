import { monthKeyOfDate } from '@keel/domain';
import type { ToolDataByName, ToolName } from '../../../modules/assistant/tools/toolTypes';
import { type AiProvider, AiProviderError, type AiReplyRequest, type AiTool } from '../index';
import { parseQuestion } from './parseQuestion';
import {
  OFFLINE_HELP,
  writeBurnAnswer,
  writeCashAnswer,
  writeHiringAnswer,
  writeIncomeVsExpenseAnswer,
  writeRunwayAnswer,
  writeSearchAnswer,
  writeSpendAnswer,
} from './writeAnswer';

/**
 * The built-in assistant (AI_PROVIDER=offline, the default): deterministic and without any network. It
 * reads the last question (parseQuestion), calls the same tools a model would, and writes a short answer
 * with their exact figures; anything else gets what it can answer. The text streams word by word.
 */
export function createOfflineAssistant(): AiProvider {
  return {
    name: 'offline',
    async reply(request) {
      const question = [...request.messages].reverse().find((message) => message.role === 'user');
      const text = await answer(request, question?.content ?? '');
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
        if (request.signal.aborted) throw new AiProviderError('The reply was aborted');
        request.onDelta(piece);
      }
      return { text };
    },
  };
}

async function answer(request: AiReplyRequest, question: string): Promise<string> {
  const parsed = parseQuestion(question, monthKeyOfDate(request.today));
  const call = <N extends ToolName>(name: N, args: Record<string, unknown>) =>
    callTool(request.tools, name, args);
  switch (parsed.kind) {
    case 'runway':
      return orRefusal(await call('runway', parsed.method ? { method: parsed.method } : {}), (data) =>
        writeRunwayAnswer(data, parsed.method !== undefined),
      );
    case 'burn':
      return orRefusal(await call('burn', {}), writeBurnAnswer);
    case 'cash':
      return orRefusal(await call('cash', {}), writeCashAnswer);
    case 'spend':
      return orRefusal(
        await call('spendByCategory', { month: parsed.month, ...(parsed.top ? { top: parsed.top } : {}) }),
        writeSpendAnswer,
      );
    case 'incomeVsExpense':
      return orRefusal(await call('incomeVsExpense', { month: parsed.month }), writeIncomeVsExpenseAnswer);
    case 'search':
      return orRefusal(await call('searchTransactions', { text: parsed.text }), writeSearchAnswer);
    case 'hiring':
      return orRefusal(await call('hiringCosts', {}), writeHiringAnswer);
    case 'unknown':
      return OFFLINE_HELP;
  }
}

type Called<T> = { ok: true; data: T } | { ok: false; error: string };

async function callTool<N extends ToolName>(
  tools: readonly AiTool[],
  name: N,
  args: Record<string, unknown>,
): Promise<Called<ToolDataByName[N]>> {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new AiProviderError(`The ${name} tool is not available`);
  const answered = await tool.call(args);
  return answered.ok ? { ok: true, data: answered.data as unknown as ToolDataByName[N] } : answered;
}

function orRefusal<T>(called: Called<T>, write: (data: T) => string): string {
  return called.ok ? write(called.data) : `I couldn't answer that: ${called.error}.`;
}
