import { nope } from './missing-module';
export const x = nope;
