import { entityNameSchema } from '@keel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { createEntity, listEntitiesForUser } from '../modules/entities/service';
import { sendProblem } from './problem';
import { isRecord, readBodyFields } from './requestInput';
import { requireRestViewer } from './viewer';

/** GET/POST /api/v1/entities (spec §7). POST takes a multipart (or JSON / form) body with `name` or `entity[name]`. */
export async function registerEntityRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/v1/entities', async (request, reply) => {
    const viewer = await requireRestViewer(request, reply, deps);
    if (!viewer) return reply;
    const rows = await listEntitiesForUser(deps.db, viewer.userId);
    return { entities: rows.map(presentEntity) };
  });

  app.post('/api/v1/entities', async (request, reply) => {
    const viewer = await requireRestViewer(request, reply, deps);
    if (!viewer) return reply;
    const body = await readBodyFields(request, reply, ['json', 'urlencoded', 'multipart']);
    if (!body) return reply;
    const fields = isRecord(body.entity) ? body.entity : body;
    const parsed = entityNameSchema.safeParse(fields.name ?? fields['entity[name]']);
    if (!parsed.success) {
      return sendProblem(reply, 422, parsed.error.issues[0]?.message ?? 'Name is required');
    }
    const entity = await createEntity(deps.db, deps.clock, viewer.userId, parsed.data);
    return reply.status(201).send({ entity: presentEntity(entity) });
  });
}

function presentEntity(entity: Awaited<ReturnType<typeof createEntity>>) {
  return {
    id: entity.id,
    name: entity.name,
    demo: entity.demo,
    apiFlags: entity.apiFlags,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
