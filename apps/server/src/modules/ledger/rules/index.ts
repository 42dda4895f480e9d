/**
 * Rules: moves of entries by a search filter, now and for every later import (spec §3 Rule, §4 rule
 * drop). Importing it registers the rule GraphQL type, queries and mutations on the builder.
 */
import './ruleMutations';
import './ruleQueries';

export { applyRulesToImportedEntries } from './applyRulesToImportedEntries';
export { createRule } from './createRule';
export { listRulesMatchingEntry } from './listRulesMatchingEntry';
export { RuleRef } from './ruleTypes';
