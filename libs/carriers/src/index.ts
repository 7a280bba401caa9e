export * from './ports/adapter-config';
export * from './ports/carrier-adapter.port';
export * from './ports/rail-adapter.port';
export * from './ports/terminal-adapter.port';
export * from './ports/time-zone-lookup';
export * from './ports/transient-failure';
