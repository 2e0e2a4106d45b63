import { Component, h } from 'preact';
import type { FunctionComponent, VNode } from 'preact';

/**
 * A component that renders again only when one of its props changed (shallow), like React's
 * `memo`, without preact/compat: the editor's forty ingredient rows stay put while one is typed in.
 */
export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const before = this.props as Record<string, unknown>;
      const after = next as Record<string, unknown>;
      const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
      for (const key of keys) if (key !== 'children' && before[key] !== after[key]) return true;
      return false;
    }
    override render(props: P): VNode {
      return h(render as FunctionComponent<object>, props) as VNode;
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
