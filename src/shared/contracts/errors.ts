import { z } from 'zod';

/** Every error the API answers has this shape. */
export const apiErrorSchema = z
  .object({
    message: z.string().describe('What went wrong, in words a user can act on'),
    code: z.string().describe('A stable machine-readable code such as VALIDATION_ERROR'),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof apiErrorSchema>;
