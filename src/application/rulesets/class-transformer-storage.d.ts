// class-transformer ships the storage's types under types/, but its CommonJS build under cjs/.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
