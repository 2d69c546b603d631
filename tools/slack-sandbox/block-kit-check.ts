/**
 * The Block Kit limits Slack enforces on chat.postMessage, checked the way Slack reports them:
 * one line per problem, ending in the JSON pointer of the offending value.
 */

const MAX_BLOCKS = 50;
const KNOWN_BLOCKS = new Set(['actions', 'context', 'divider', 'header', 'image', 'input', 'markdown', 'rich_text', 'section', 'video', 'file']);

type Problem = string;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function textObject(value: unknown, pointer: string, max: number, types: readonly string[]): Problem[] {
  if (!isObject(value)) return [`must provide an object [json-pointer:${pointer}]`];
  if (typeof value.type !== 'string' || !types.includes(value.type)) return [`must be one of ${types.join(', ')} [json-pointer:${pointer}/type]`];
  if (typeof value.text !== 'string') return [`must provide a string [json-pointer:${pointer}/text]`];
  if (value.text.length === 0) return [`must be more than 0 characters [json-pointer:${pointer}/text]`];
  if (value.text.length > max) return [`must be less than ${max + 1} characters [json-pointer:${pointer}/text]`];
  return [];
}

function button(element: Record<string, unknown>, pointer: string): Problem[] {
  const problems = textObject(element.text, `${pointer}/text`, 75, ['plain_text']);
  if (element.url !== undefined && (typeof element.url !== 'string' || element.url.length > 3000)) problems.push(`must be a string of at most 3000 characters [json-pointer:${pointer}/url]`);
  if (element.style !== undefined && element.style !== 'primary' && element.style !== 'danger') problems.push(`must be one of primary, danger [json-pointer:${pointer}/style]`);
  if (element.action_id !== undefined && (typeof element.action_id !== 'string' || element.action_id.length > 255)) problems.push(`must be a string of at most 255 characters [json-pointer:${pointer}/action_id]`);
  return problems;
}

function block(value: unknown, pointer: string): Problem[] {
  if (!isObject(value)) return [`must provide an object [json-pointer:${pointer}]`];
  if (typeof value.type !== 'string' || !KNOWN_BLOCKS.has(value.type)) return [`unsupported type: ${String(value.type)} [json-pointer:${pointer}/type]`];
  if (value.block_id !== undefined && (typeof value.block_id !== 'string' || value.block_id.length > 255)) return [`must be a string of at most 255 characters [json-pointer:${pointer}/block_id]`];
  switch (value.type) {
    case 'header':
      return textObject(value.text, `${pointer}/text`, 150, ['plain_text']);
    case 'section': {
      if (value.text === undefined && value.fields === undefined) return [`must provide text or fields [json-pointer:${pointer}]`];
      const problems = value.text === undefined ? [] : textObject(value.text, `${pointer}/text`, 3000, ['plain_text', 'mrkdwn']);
      if (value.fields !== undefined) {
        if (!Array.isArray(value.fields) || value.fields.length === 0) problems.push(`must provide a non-empty array [json-pointer:${pointer}/fields]`);
        else if (value.fields.length > 10) problems.push(`must be no more than 10 items [json-pointer:${pointer}/fields]`);
        else value.fields.forEach((field, i) => problems.push(...textObject(field, `${pointer}/fields/${i}`, 2000, ['plain_text', 'mrkdwn'])));
      }
      return problems;
    }
    case 'actions': {
      const elements = value.elements;
      if (!Array.isArray(elements) || elements.length === 0) return [`must provide a non-empty array [json-pointer:${pointer}/elements]`];
      if (elements.length > 25) return [`must be no more than 25 items [json-pointer:${pointer}/elements]`];
      return elements.flatMap((element, i) => (isObject(element) && element.type === 'button' ? button(element, `${pointer}/elements/${i}`) : []));
    }
    case 'context': {
      const elements = value.elements;
      if (!Array.isArray(elements) || elements.length === 0) return [`must provide a non-empty array [json-pointer:${pointer}/elements]`];
      if (elements.length > 10) return [`must be no more than 10 items [json-pointer:${pointer}/elements]`];
      return elements.flatMap((element, i) => (isObject(element) && element.type === 'image' ? [] : textObject(element, `${pointer}/elements/${i}`, 3000, ['plain_text', 'mrkdwn'])));
    }
    default:
      return [];
  }
}

/** Every problem with `blocks`, none when Slack would take them. */
export function blockProblems(blocks: unknown): Problem[] {
  if (!Array.isArray(blocks)) return ['must provide an array [json-pointer:/blocks]'];
  if (blocks.length > MAX_BLOCKS) return [`must be no more than ${MAX_BLOCKS} items [json-pointer:/blocks]`];
  return blocks.flatMap((value, i) => block(value, `/blocks/${i}`));
}
