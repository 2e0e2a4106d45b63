const MAX_LENGTH = 300;
const MAX_DEPTH = 4;

/**
 * One line for the log about what went wrong with the provider: the messages down the chain of
 * causes (the library wraps its findings: "invalid response encountered" ← "unexpected "state"
 * response parameter value"), the OAuth error the provider answered and the network error
 * underneath. Never the bodies and parameters the library keeps beside its errors — they may
 * hold codes and tokens. Provider-chosen text is cut short and kept on one line.
 */
export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && isErrorLike(current); depth++) {
    if (current.message) parts.push(current.message);
    parts.push(...oauthErrors(current));
    const { code } = current as { code?: unknown };
    // A network error's code (ECONNREFUSED, ENOTFOUND, …), when its message does not say it.
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code) && !current.message.includes(code))
      parts.push(code);
    current = current.cause;
  }
  return oneLine(parts.length > 0 ? parts.join(': ') : String(error));
}

/** The OAuth error a provider answered, from a response body or a WWW-Authenticate challenge. */
function oauthErrors(error: ErrorLike): string[] {
  const { error: code, error_description: description } = error as {
    error?: unknown;
    error_description?: unknown;
  };
  if (typeof code === 'string') {
    return [typeof description === 'string' ? `error=${code} (${description})` : `error=${code}`];
  }
  if (error.name === 'WWWAuthenticateChallengeError' && Array.isArray(error.cause)) {
    return error.cause.flatMap((challenge: { parameters?: { error?: unknown } }) =>
      typeof challenge.parameters?.error === 'string' ? [`error=${challenge.parameters.error}`] : [],
    );
  }
  return [];
}

interface ErrorLike {
  name?: unknown;
  message: string;
  cause?: unknown;
}

// Not `instanceof Error`: errors from fetch come from another realm under jest's VM modules.
function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
}

function oneLine(text: string): string {
  const line = text.replace(/\p{Cc}+/gu, ' ');
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH)}…` : line;
}
