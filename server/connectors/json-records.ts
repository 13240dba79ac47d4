import { type ParsedElementInfo, type ParsedTokenInfo, Tokenizer, TokenParser, TokenType } from '@streamparser/json';

// The records of a JSON answer, read as its bytes arrive and handed on a batch at a time: a page of a
// gigabyte takes no more memory than a batch (the byte bound of read-bounds.ts ends it anyway). The
// records are the list at `recordsPath` (dots for nesting), or, without one, the body itself when it is
// a list, else the first of its lists named data, items, results or records.

const DEFAULT_LISTS = ['data', 'items', 'results', 'records'];
const BATCH_SIZE = 1_000;
/** A slow answer hands on what it has at least this often: its rows are saved, and the run does not look stalled. */
const BATCH_MS = 1_000;

/** Follows where the tokens are (the keys from the root) to tell when the list sought opens. */
function listWatcher(onListOpen: (path: string) => void) {
  const stack: { object: boolean; key: string | null; expectKey: boolean }[] = [];
  return (info: ParsedTokenInfo) => {
    const top = stack.at(-1);
    switch (info.token) {
      case TokenType.LEFT_BRACKET:
        onListOpen(stack.map((level) => level.key ?? '*').join('.'));
        stack.push({ object: false, key: null, expectKey: false });
        break;
      case TokenType.LEFT_BRACE:
        stack.push({ object: true, key: null, expectKey: true });
        break;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        stack.pop();
        break;
      case TokenType.STRING:
        if (top?.object && top.expectKey) {
          top.key = String(info.value);
          top.expectKey = false;
        }
        break;
      case TokenType.COMMA:
        if (top?.object) top.expectKey = true;
        break;
      default:
        break;
    }
  };
}

/** Batches of the records of `body`; fails when the body is not JSON or holds no such list. */
export async function* jsonRecords(body: AsyncIterable<Uint8Array>, recordsPath: string, where: string): AsyncGenerator<unknown[]> {
  let batch: unknown[] = [];
  let parser: TokenParser | null = null;
  let candidates: string[] = [];
  // Which candidate the records come from, once its list has opened (set from the tokenizer's callback).
  const chosen: { path: string | null } = { path: null };
  const watch = listWatcher((path) => {
    if (chosen.path === null && candidates.includes(path)) chosen.path = path;
  });
  const start = (info: ParsedTokenInfo) => {
    // The root's kind decides where the records may be; only their elements are asked for, so the
    // parser keeps nothing else once it has gone past it.
    candidates = recordsPath ? [recordsPath] : info.token === TokenType.LEFT_BRACKET ? [''] : DEFAULT_LISTS;
    const created = new TokenParser({ paths: candidates.map((path) => (path ? `$.${path}.*` : '$.*')), keepStack: false });
    created.onValue = ({ value, key, stack }: ParsedElementInfo) => {
      const path = stack
        .slice(1)
        .map((level) => String(level.key))
        .join('.');
      if (typeof key === 'number' && path === chosen.path) batch.push(value);
    };
    created.onError = (error) => {
      throw error;
    };
    return created;
  };
  const tokenizer = new Tokenizer();
  tokenizer.onToken = (info) => {
    parser ??= start(info);
    watch(info);
    parser.write(info);
  };
  tokenizer.onError = (error) => {
    throw error;
  };
  const notJson = (error: unknown) => new Error(`${where} did not answer JSON.`, { cause: error });
  let handedOn = Date.now();
  for await (const chunk of body) {
    try {
      tokenizer.write(chunk);
    } catch (error) {
      throw notJson(error);
    }
    if (batch.length >= BATCH_SIZE || (batch.length > 0 && Date.now() - handedOn >= BATCH_MS)) {
      yield batch;
      batch = [];
      handedOn = Date.now();
    }
  }
  try {
    tokenizer.end();
  } catch (error) {
    throw notJson(error);
  }
  if (chosen.path === null) {
    throw new Error(recordsPath ? `No list of records at "${recordsPath}" in the response.` : 'The response holds no list of records; set "Records path".');
  }
  if (batch.length > 0) yield batch;
}
