import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AiProvider } from '../../providers/ai';

/** What the assistant's services work with: the database, the clock and the model. */
export type AssistantDeps = { db: Db; clock: Clock; ai: AiProvider };
