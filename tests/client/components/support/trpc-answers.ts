import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyProcedure, inferProcedureInput, inferProcedureOutput } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../../../server/router';

/**
 * The tRPC client of component tests: every call is answered from a table the test fills
 * (procedure path → result, or a function of the input), and noted in `calls`. No server runs;
 * a call the table does not answer fails loudly as NOT_IMPLEMENTED, naming the procedure.
 */

type Procedures<R, P extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? [`${P}${K}`, R[K]]
    : R[K] extends object
      ? Procedures<R[K], `${P}${K}.`>
      : never;
}[keyof R & string];

type Entry = Procedures<AppRouter['_def']['record']>;
export type ProcedurePath = Entry[0];
type ProcedureAt<P extends ProcedurePath> = Extract<Entry, [P, AnyProcedure]>[1];
export type InputOf<P extends ProcedurePath> = inferProcedureInput<ProcedureAt<P>>;
export type OutputOf<P extends ProcedurePath> = inferProcedureOutput<ProcedureAt<P>>;

/** A procedure's answer: its result, or a function of the input that answers or throws (`refusal`). */
export type Answer<P extends ProcedurePath> =
  | OutputOf<P>
  | ((input: InputOf<P>) => OutputOf<P> | Promise<OutputOf<P>>);

export type Answers = { [P in ProcedurePath]?: Answer<P> };

export interface Call {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  input: unknown;
}

const table = new Map<string, unknown>();
/** Every call made since the last `resetAnswers`, in order. */
const calls: Call[] = [];

/** Adds (or replaces) answers for the rest of the test. */
export function answer(answers: Answers): void {
  for (const [path, result] of Object.entries(answers)) table.set(path, result);
}

export function resetAnswers(): void {
  table.clear();
  calls.length = 0;
}

/** The inputs a procedure was called with, oldest first. */
export const callsTo = <P extends ProcedurePath>(path: P) =>
  calls.filter((call) => call.path === path).map((call) => call.input as InputOf<P>);

/** A field the server refused: its path in the input, the i18n key and the translated text. */
export interface FieldProblem {
  path: string;
  key: string;
  message: string;
}

/**
 * A refusal as the server sends it (code, translated message, the i18n key some screens read, and
 * the fields it names), for an answer function to throw.
 */
export function refusal(
  code: string,
  message: string,
  { key, fields }: { key?: string; fields?: FieldProblem[] } = {},
): TRPCClientError<AppRouter> {
  return TRPCClientError.from({
    error: {
      code: -32000,
      message,
      data: { code, httpStatus: 400, ...(key ? { key } : {}), ...(fields ? { fields } : {}) },
    },
  });
}

const tableLink: TRPCLink<AppRouter> =
  () =>
  ({ op }) =>
    observable((observer) => {
      calls.push({ path: op.path, type: op.type, input: op.input });
      if (!table.has(op.path)) {
        observer.error(refusal('NOT_IMPLEMENTED', `No answer for ${op.type} ${op.path} in this test`));
        return;
      }
      const entry = table.get(op.path);
      let cancelled = false;
      // Asynchronous like a request: a component sees its pending state first.
      Promise.resolve()
        .then(() => (typeof entry === 'function' ? entry(op.input) : entry))
        .then(
          (data) => {
            if (cancelled) return;
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          (error: unknown) => {
            if (cancelled) return;
            observer.error(error instanceof TRPCClientError ? error : TRPCClientError.from(error as Error));
          },
        );
      return () => {
        cancelled = true;
      };
    });

export const testClient = createTRPCClient<AppRouter>({ links: [tableLink] });
