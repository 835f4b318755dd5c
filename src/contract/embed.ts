import * as z from 'zod/mini';

/** GET /embed-config: the origins allowed to frame the app (EMBED_PARENT_ORIGINS). */
export const embedConfigResponseSchema = z.object({
  success: z.literal(true),
  parent_origins: z.array(z.string()),
});
export type EmbedConfigResponse = z.infer<typeof embedConfigResponseSchema>;

/** What the framed app posts to its parent: its height, and where it is. */
export type EmbedMessage =
  { type: 'height'; height: number } | { type: 'location'; href: string; path: string };
