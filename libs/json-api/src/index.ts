export * from './document/build-document';
export * from './document/json-api-document';
export * from './include/include-tree';
export * from './pagination/page';
export * from './pagination/pagination-links';
export * from './registry/relationship-by-ids';
export * from './registry/resource-definition';
export * from './registry/resource-registry';
