import { z } from 'zod';
import type { AiJson, AiTool } from '../../../providers/ai';
import { burn, burnArgs } from './burn';
import { cash, cashArgs } from './cash';
import { hiringCosts, hiringCostsArgs } from './hiringCosts';
import { hiringPlan, hiringPlanArgs } from './hiringPlan';
import { incomeVsExpense, incomeVsExpenseArgs } from './incomeVsExpense';
import { lineFigures, lineFiguresArgs } from './lineFigures';
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
import { transactions, transactionsArgs } from './transactions';
import { whatIf, whatIfArgs } from './whatIf';

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
      "Monthly net burn (expense minus income). Without arguments: the last complete actual month's net burn and the average of the three complete months ending with it, as the Runway card computes them (the month under way is partly booked, so it is left out). With from/to ('YYYY-MM', up to 36 months, actual or forecast): also each month's income, expense and net burn as the report shows them (months), their total (totalNetBurnCents) and average (rangeAverageNetBurnCents).",
    args: burnArgs,
    run: burn,
  },
  cash: {
    description:
      "Cash (the Banks group's closing balance) at the end of a month, with each bank account. Default month: the last actual month (the Runway card's starting balance); any month may be asked, actual or forecast (scenario says which).",
    args: cashArgs,
    run: cash,
  },
  lineFigures: {
    description:
      "Any line of the Financial Report (an account at any depth by name, path or common name such as 'revenue', 'opex', 'legal'; or 'Net Income', 'Net Burn') over a period of whole months, exactly as the report's grid shows it: each month's figure, and for a flow (income, expense) the total (sum), the average per month and the change from first to last month; for a balance (banks, cards, loans) the closing balance of `to` (totalCents), the average closing balance and the change over the period. scenario says whether the months are actual, forecast or mixed. Default period: the last complete month. Unknown lines are refused with the closest names.",
    args: lineFiguresArgs,
    run: lineFigures,
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
      "An account's or report line's figures by month over a range of up to 36 months, exactly as the Financial Report shows them (actual through the current month, forecast after); the account is named exactly (name, path or id). Prefer lineFigures for questions about a period's total, average or change.",
    args: reportFiguresArgs,
    run: reportFigures,
  },
  transactions: {
    description:
      "The company's bookkeeping transactions (not forecasts), optionally by part of their name (a payee or payer, any case), by the months of their dates (from/to) and by direction ('out': money paid out, 'in': money received). Answers how many match and the money out (outCents, positive) and in (inCents) over every match, and lists the newest or largest (sort) up to limit. Use it for 'how much did we pay AWS in October' or 'biggest payments last month'.",
    args: transactionsArgs,
    run: transactions,
  },
  searchTransactions: {
    description:
      "Search the company's bookkeeping transactions by part of their name, newest first, with how many match (any date, either direction; the transactions tool also filters by months and direction and sums the amounts).",
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
  hiringPlan: {
    description:
      'The hiring plan in one month (default: the current month): how many employees (positions with an employee, running that month) and contractors (rate-and-hours positions running that month) and what they cost that month, and the open roles (positions without an employee, contractors aside, not ended by the month) with title, department, start month, quantity and annual salary.',
    args: hiringPlanArgs,
    run: hiringPlan,
  },
  whatIf: {
    description:
      "Forecast runway (the Runway card's 'Forecast runway') if the company hired people and/or its income grew, beside runway as it stands; nothing is saved. hires: groups of count people of a role at an annual salary in integer cents from a start month (default next month); each adds its salaries plus the hiring plan's employer taxes and benefits to every forecast month. revenueGrowthPercent: monthly growth compounding on the last complete actual month's income, replacing the forecast's income. Answers both runways, the difference in months, the added monthly cost broken down and the working.",
    args: whatIfArgs,
    run: whatIf,
  },
};

/** Tool calls one reply may make in all, whatever the provider. */
const TOOL_CALLS_PER_REPLY_MAX = 16;

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
