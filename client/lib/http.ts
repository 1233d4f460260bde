import { currentLanguage } from './i18n';

/** One field the server refused: its path in the request, the i18n key and the translated text. */
export interface FieldProblem {
  path: string;
  key: string;
  message: string;
  /** The values a bounded text names (`max`), when the message is one. */
  params?: Record<string, number>;
}

/** A 4xx/5xx answer of the JSON API (/auth/*): the message is already in the interface language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly key: string | undefined,
    readonly fields: FieldProblem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {
  constructor() {
    super('network');
    this.name = 'NetworkError';
  }
}

/**
 * POSTs JSON to the platform's own API and answers the parsed body. Every request says which
 * language the messages should come back in. Throws ApiError for a refusal, NetworkError when the
 * server could not be reached.
 */
export async function postJson<T = { message: string }>(
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'x-language': currentLanguage(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new NetworkError();
  }
  return answerOf<T>(response);
}

/** The parsed JSON body of an answer, or the ApiError its refusal carries (message, key, fields). */
export async function answerOf<T>(response: Response): Promise<T> {
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof data.message === 'string' ? data.message : '',
      typeof data.key === 'string' ? data.key : undefined,
      Array.isArray(data.fields) ? (data.fields as FieldProblem[]) : [],
    );
  }
  return data as T;
}
