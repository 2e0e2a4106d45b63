import type { FoundGroup, FoundSection } from './found-recipe.js';
import type { PageBlock } from './page-content.js';
import { headingText, roleOf } from './section-headings.js';

/**
 * Names for the groups and sections of a structured recipe that lists its lines and steps flat:
 * the headings that stand between the same lines (steps) on the page.
 */

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Group names for ingredient lines that came without them (JSON-LD lists ingredients flat): the
 * headings that stand between the same lines in the page's lists ("For the dough", "Filling").
 * Answers the lines in groups, or null when the page's lists do not show the lines in order.
 */
export function groupsFromBlocks(
  lines: readonly string[],
  blocks: readonly PageBlock[],
): FoundGroup[] | null {
  const wanted = lines.map(comparable);
  const names = new Map<number, string>();
  let next = 0;
  let pending: string | null = null;
  for (const block of blocks) {
    if (next >= wanted.length) break;
    const heading = headingText(block);
    if (heading !== null) {
      const role = roleOf(block);
      pending = role === 'heading' ? heading.replace(/:$/u, '') : null;
      continue;
    }
    if (block.kind !== 'list') continue;
    for (const item of block.items) {
      if (next >= wanted.length) break;
      const text = comparable(item);
      if (text === '' || !(text === wanted[next] || (wanted[next] !== '' && text.startsWith(wanted[next]!))))
        continue;
      if (pending !== null) names.set(next, pending);
      pending = null;
      next++;
    }
  }
  if (next < wanted.length || names.size === 0 || (names.size === 1 && names.has(0))) return null;
  const groups: FoundGroup[] = [];
  lines.forEach((line, i) => {
    const name = names.get(i);
    if (i === 0 || name !== undefined) groups.push({ name: name ?? null, lines: [] });
    groups[groups.length - 1]!.lines.push(line);
  });
  return groups;
}

/**
 * Section names for steps that came without them (a JSON-LD Recipe whose page shows its steps
 * under headings such as "For the sauce"): the headings that stand between the same steps on the
 * page. Answers the steps in sections, or null when the page does not show the steps in order.
 */
export function sectionsFromBlocks(
  steps: readonly string[],
  blocks: readonly PageBlock[],
): FoundSection[] | null {
  const wanted = steps.map((step) => comparable(step).slice(0, 60));
  const names = new Map<number, string>();
  let next = 0;
  let pending: string | null = null;
  for (const block of blocks) {
    if (next >= wanted.length) break;
    const heading = headingText(block);
    if (heading !== null) {
      const role = roleOf(block);
      pending = role === 'heading' ? heading.replace(/:$/u, '') : null;
      continue;
    }
    const texts = block.kind === 'list' ? block.items : block.kind === 'paragraph' ? [block.text] : [];
    for (const text of texts) {
      if (next >= wanted.length) break;
      const found = comparable(text);
      if (wanted[next] === '' || !found.startsWith(wanted[next]!)) continue;
      if (pending !== null) names.set(next, pending);
      pending = null;
      next++;
    }
  }
  if (next < wanted.length || names.size === 0 || (names.size === 1 && names.has(0))) return null;
  const sections: FoundSection[] = [];
  steps.forEach((step, i) => {
    const name = names.get(i);
    if (i === 0 || name !== undefined) sections.push({ name: name ?? null, steps: [] });
    sections[sections.length - 1]!.steps.push(step);
  });
  return sections;
}
