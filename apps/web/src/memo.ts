import { Component, type FunctionComponent, h } from 'preact';

/**
 * A component that renders again only when one of its props changed (by identity), like
 * `preact/compat`'s `memo` without pulling in compat. Rows use it: when more rows are appended,
 * the ones already on the page are not diffed again.
 */
export function memo<P extends object>(inner: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const keys = Object.keys(next) as (keyof P)[];
      return (
        keys.length !== Object.keys(this.props).length ||
        keys.some((key) => next[key] !== this.props[key])
      );
    }

    override render(props: P) {
      return h(inner, props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
