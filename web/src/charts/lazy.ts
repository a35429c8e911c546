import { h, type ComponentType, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component whose code (and uPlot with it) is a chunk of its own, loaded when first shown:
 * the page's main script stays small. Renders `fallback` until the chunk is in.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => JSX.Element | null = () => null,
): (props: P) => JSX.Element | null {
  let loaded: ComponentType<P> | undefined;
  return function Lazy(props: P): JSX.Element | null {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (component) return;
      void load().then((c) => {
        loaded = c;
        setComponent(() => c);
      });
    }, [component]);
    return component ? h(component, props) : fallback(props);
  };
}
