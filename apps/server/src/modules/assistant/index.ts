/**
 * 'Ask Keel AI': chat threads and messages per company and user, answered by the AI provider
 * (providers/ai) with tools over the company's own books and plan (tools/), each answer citing its
 * figures. Its GraphQL fields register on import.
 */
import './assistantTypes';
import './assistantQueries';
import './assistantMutations';
import './assistantSubscriptions';
