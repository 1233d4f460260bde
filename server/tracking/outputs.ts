import { z } from 'zod';
import { trackingCategories } from '../../events/tracking/events';

const seen = z.array(z.object({ path: z.string(), firstSeen: z.string(), lastSeen: z.string() }));

/** What a person saw, per category, first and last when. */
export const logOutput = z.object({
  user: z.string(),
  tracking: z.object(
    Object.fromEntries(trackingCategories.map((category) => [category, seen])) as {
      [K in (typeof trackingCategories)[number]]: typeof seen;
    },
  ),
});

export const recordedOutput = z.object({ success: z.boolean(), recorded: z.boolean() });
