export * from './api/quayside-api';
export * from './api/fetch-quayside-api';
export * from './server/create-quayside-mcp-server';
