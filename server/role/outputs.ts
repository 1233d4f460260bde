import { z } from 'zod';
import { rulesOutput } from '../outputs';

export const roleOutput = z.object({ _id: z.string(), name: z.string(), actions: rulesOutput });

export const roleNameOutput = z.object({ name: z.string() });
