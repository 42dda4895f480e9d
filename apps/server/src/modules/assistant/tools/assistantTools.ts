import { z } from 'zod';
import type { AiJson, AiTool } from '../../../providers/ai';
import { burn, burnArgs } from './burn';
import { cash, cashArgs } from './cash';
import { hiringCosts, hiringCostsArgs } from './hiringCosts';
import { incomeVsExpense, incomeVsExpenseArgs } from './incomeVsExpense';
import { modelOutputs, modelOutputsArgs } from './modelOutputs';
import { reportFigures, reportFiguresArgs } from './reportFigures';
import { runway, runwayArgs } from './runway';
import { searchTransactions, searchTransactionsArgs } from './searchTransactions';
import { spendByCategory, spendByCategoryArgs } from './spendByCategory';
import {
  type AssistantToolFn,
  type Citation,
  type ToolDeps,
  ToolInputError,
  type ToolName,
} from './toolTypes';

type ToolSpec = {
  description: string;
  args: z.ZodType;
  run: AssistantToolFn<unknown, unknown>;
};

/** Every tool the assistant has, by name, with what it tells the model. Amounts are integer cents. */
export const ASSISTANT_TOOLS: Record<ToolName, ToolSpec> = {
  runway: {
    description:
      "The company's cash runway exactly as the Financial Report's Runway card shows it for one method: months left, the month cash runs out (null: never), the working, and the method's name on the card (methodLabel). The card's chosen method is kept in the person's browser and is not known here: pass the method the question names, else the card's default (runway, 'Forecast runway'), and always say which method the figure is by.",
    args: runwayArgs,
    run: runway,
  },
  burn: {
    description:
      'Monthly net burn (expense minus income) of the last complete actual month, and the average of the three complete months ending with it, as the Runway card computes it (the month under way is partly booked, so it is left out).',
    args: burnArgs,
    run: burn,
  },
  cash: {
    description: 'Cash (the Banks group) at the end of the last actual month, with each bank account.',
    args: cashArgs,
    run: cash,
  },
  spendByCategory: {
    description:
      'The biggest expense categories (as the Spend by Category card groups them) in one month or a range of months, largest first.',
    args: spendByCategoryArgs,
    run: spendByCategory,
  },
  incomeVsExpense: {
    description: "One month's income, expense and net (income minus expense), actual or forecast.",
    args: incomeVsExpenseArgs,
    run: incomeVsExpense,
  },
  reportFigures: {
    description:
      "An account's or report line's figures by month over a range of up to 36 months, exactly as the Financial Report shows them (actual through the current month, forecast after).",
    args: reportFiguresArgs,
    run: reportFigures,
  },
  searchTransactions: {
    description:
      "Search the company's bookkeeping transactions by part of their name, newest first, with how many match.",
    args: searchTransactionsArgs,
    run: searchTransactions,
  },
  modelOutputs: {
    description: "A forecasting model's outputs: the monthly figures each output writes into the report.",
    args: modelOutputsArgs,
    run: modelOutputs,
  },
  hiringCosts: {
    description:
      "The hiring plan's cost by month: salaries, contractors, employer taxes and benefits (default: the next 12 months).",
    args: hiringCostsArgs,
    run: hiringCosts,
  },
};

/** Tool calls one reply may make in all, whatever the provider. */
export const TOOL_CALLS_PER_REPLY_MAX = 16;

/**
 * The tools of one reply, bound to one company: each call validates its arguments, reads only
 * `entityId`'s data, and hands every figure it used to `cite`. A refused argument answers `ok: false`
 * with the reason; any other failure is thrown (the reply fails).
 */
export function buildAssistantTools(
  deps: ToolDeps,
  entityId: string,
  cite: (citations: Citation[]) => void,
): AiTool[] {
  let calls = 0;
  return Object.entries(ASSISTANT_TOOLS).map(([name, spec]) => ({
    name,
    description: spec.description,
    parameters: toolParameters(spec.args),
    async call(args: unknown) {
      calls += 1;
      if (calls > TOOL_CALLS_PER_REPLY_MAX) {
        return { ok: false, error: `At most ${TOOL_CALLS_PER_REPLY_MAX} tool calls per answer` };
      }
      try {
        const result = await spec.run(deps, entityId, args);
        cite(result.citations);
        return { ok: true, data: result.data as AiJson };
      } catch (error) {
        if (error instanceof ToolInputError) return { ok: false, error: error.message };
        throw error;
      }
    },
  }));
}

/** A tool's arguments as JSON Schema (an object with properties), for a model's function declaration. */
function toolParameters(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  return parameters;
}
