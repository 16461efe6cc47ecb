import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 7's behaviour, stated, so a build does not print five "Future Flag Warning"s.
  // Each is a React Router 8 change; v8_passThroughRequests was measured and not adopted
  // (docs/perf-log.md, ADR 23); the others are taken up with React Router 8.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
