export * from './users';
export * from './crm';
export * from './scans';
export * from './settings';
export * from './api';
export * from './plans';
export * from './cleanup';
export * from './notifications';
