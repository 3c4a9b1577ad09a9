import type MermaidApi from 'mermaid';
import { randomHexId } from '@/lib/ids';
import { MERMAID_CLASS } from './render';

type Mermaid = typeof MermaidApi;

let loading: Promise<Mermaid> | undefined;
const drawn = new Map<string, string>();

function mermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: instance }) => {
    // 'strict': no HTML labels, no click handlers or links that run script; the document is untrusted.
    instance.initialize({ startOnLoad: false, securityLevel: 'strict', htmlLabels: false, theme: 'default' });
    return instance;
  });
  return loading;
}

/**
 * Draws the mermaid blocks under `root` (their text is the diagram source), loading mermaid on the
 * first one. A diagram that does not parse keeps its source and gets `failedClass` (the page says why).
 * `sanitizeSvg` runs over mermaid's output too: strict mode is mermaid's promise, not ours.
 */
export async function drawDiagrams(root: ParentNode, sanitizeSvg: (svg: string) => string, failedClass: string): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>(`pre.${MERMAID_CLASS}`)];
  if (blocks.length === 0) return;
  const instance = await mermaid();
  for (const block of blocks) {
    const source = block.textContent ?? '';
    let svg = drawn.get(source);
    if (svg === undefined) {
      try {
        svg = sanitizeSvg((await instance.render(`md-mermaid-${randomHexId(6)}`, source)).svg);
        drawn.set(source, svg);
      } catch {
        block.classList.add(failedClass);
        continue;
      }
    }
    if (!block.isConnected) continue;
    const figure = document.createElement('div');
    figure.className = `${MERMAID_CLASS}-svg`;
    figure.innerHTML = svg;
    block.replaceWith(figure);
  }
}
