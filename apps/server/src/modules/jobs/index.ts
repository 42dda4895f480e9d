/**
 * Background jobs on GraphQL: the JobStatus type (spec §3), entityJobs, cancelEntityJob and
 * the entityJobWasUpdated subscription (spec §7). The queue itself is apps/server/src/jobs/.
 */
import './jobTypes';
import './jobQueries';
import './jobMutations';
import './jobSubscriptions';
