// GET /api/v1/stories/{storyId}/live (server-sent events: what changes in the story while it is open) and PUT …/live/{connectionId} (which instance this tab edits), decision 0046.
import { livePresenceUpdateSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../../errors';
import { requireUser } from '../../../plugins/authentication';
import { storyParams } from '../common/params';

const tags = ['story live'];

/** Presence calls per client address: an editor opened and closed every 0.1 s is still allowed. */
const PRESENCE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const liveQuery = z.object({
  /** For clients that cannot send the Last-Event-ID header; the header wins. */
  lastEventId: z.coerce.number().int().min(0).optional(),
});

const presenceParams = storyParams.extend({ connectionId: z.string().min(1).max(100) });

/** The Last-Event-ID header as an event id; anything else is no resume point. */
function lastEventIdHeader(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export function storyLiveRoutes(): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/stories/:storyId/live',
      {
        schema: {
          tags,
          summary:
            'The story live (any member): server-sent events (text/event-stream) hello, change, figures, presence, reset and gone, as in @costory/shared stories/live.ts; resumes after the Last-Event-ID header (or ?lastEventId=); 404 for a non-member',
          params: storyParams,
          querystring: liveQuery,
          response: {
            200: {
              description:
                'Server-sent events: `event:` name, `id:` story event id (hello, change, reset), one `data:` line of JSON; a `: ping` comment every 15 s',
              content: { 'text/event-stream': { schema: z.string() } },
            },
          },
        },
        // Each event must reach the client as it is written: never compressed or buffered.
        compress: false,
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { stream, connectionId } = await app.storyLive.open({
          user,
          storyId: request.params.storyId,
          lastEventId:
            lastEventIdHeader(request.headers['last-event-id']) ?? request.query.lastEventId,
          expiresAtMs: request.credentialExpiresAtMs,
        });
        reply.raw.once('close', () => app.storyLive.closed(connectionId));
        // A client gone while the access was read has already closed: its close is not heard again.
        if (request.raw.socket.destroyed) app.storyLive.closed(connectionId);
        // An open stream is no work in flight: it must not take a slot of the overload limit.
        request.loadSlot?.release();
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-cache, no-transform')
            .header('x-accel-buffering', 'no')
            // The socket closes with the stream: a stream ended while the app closes must not leave
            // a kept-alive socket that server.close() then waits for until its keep-alive timeout.
            .header('connection', 'close')
            // The schema documents the text the stream carries; Fastify pipes a stream unserialized.
            .send(stream as unknown as string)
        );
      },
    );

    app.put(
      '/stories/:storyId/live/:connectionId',
      {
        schema: {
          tags,
          summary:
            'Tells the others which instance this tab edits (null: none); 204, or 404 unless the connection is the caller’s open stream on the story',
          params: presenceParams,
          body: livePresenceUpdateSchema,
        },
        // Each call is announced to every process and every stream of the story.
        config: { rateLimit: PRESENCE_RATE_LIMIT },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { storyId, connectionId } = request.params;
        const known = app.storyLive.setEditing(
          user.id,
          storyId,
          connectionId,
          request.body.editingInstanceId,
        );
        if (!known) throw new NotFoundError();
        return reply.code(204).send();
      },
    );
    done();
  };
}
