import { type ReactNode, type RefObject, Suspense, use, useEffect, useLayoutEffect, useRef, useState } from "react";
import { isHydrating } from "~/lib/hydration";
import type * as Adopter from "./adopt-server-nodes";
import { keepServerNodes, rememberServerNodes, type ServerNodes } from "./server-nodes";

let adopter: Promise<typeof Adopter> | null = null;
const loadAdopter = () => (adopter ??= import("./adopt-server-nodes"));

/**
 * A Suspense boundary around code that loads later (a form island, a link dialog's inline form),
 * which never gives up the server's HTML the person may be using: if React deletes it (an update
 * reached the boundary before its code), the very same nodes are put back at once, and when the
 * content renders, what was typed, chosen and focused in them is carried over before the frame
 * is painted (server-nodes.ts, adopt-server-nodes.ts; ADR 20). `onFallback`: React is waiting
 * for the content's code (load it now).
 */
export function ServerHtmlBoundary({
  children,
  onFallback,
  wrapperRef,
}: {
  children: ReactNode;
  onFallback?: () => void;
  wrapperRef?: RefObject<HTMLDivElement | null>;
}) {
  const own = useRef<HTMLDivElement>(null);
  const wrapper = wrapperRef ?? own;
  // null: not looked at yet; false: hydrated or rendered, nothing to keep.
  const server = useRef<ServerNodes | null | false>(null);
  // (Not useHydratingRender: its re-render after hydration would reach the boundary as an update.)
  const [fromServer] = useState(isHydrating);
  // The hydrating commit: the boundary's server HTML is still all there is in the wrapper.
  useLayoutEffect(() => {
    if (fromServer && wrapper.current && server.current === null) server.current = rememberServerNodes(wrapper.current);
    // Only that commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={wrapper} className="contents">
      <Suspense fallback={<KeepServerHtml wrapper={wrapper} server={server} onFallback={onFallback} />}>
        {children}
        <AdoptServerHtml wrapper={wrapper} server={server} />
      </Suspense>
    </div>
  );
}

type Held = { wrapper: RefObject<HTMLDivElement | null>; server: RefObject<ServerNodes | null | false> };

/** The fallback: React has just deleted the server's HTML; put the same nodes back, then load. */
function KeepServerHtml({ wrapper, server, onFallback }: Held & { onFallback?: () => void }) {
  useLayoutEffect(() => {
    if (wrapper.current && server.current) {
      keepServerNodes(wrapper.current, server.current);
      void loadAdopter();
    }
  }, [wrapper, server]);
  useEffect(() => onFallback?.(), [onFallback]);
  return null;
}

/**
 * Beside the content: once it renders in place of kept server HTML, it takes over what was done
 * there. Until the code doing that is in, the boundary keeps showing the kept HTML.
 */
function AdoptServerHtml({ wrapper, server }: Held) {
  const kept = server.current ? server.current.kept : false;
  const adopt = kept ? use(loadAdopter()) : null;
  useLayoutEffect(() => {
    const held = server.current;
    if (wrapper.current && held) {
      if (adopt) adopt.adoptServerNodes(wrapper.current, held);
      else held.stop();
    }
    server.current = false;
  }, [wrapper, server, adopt]);
  return null;
}
