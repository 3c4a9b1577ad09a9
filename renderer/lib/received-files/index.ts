export { directorySink, type ReceivedFilesSink } from './directory-sink';
export { ReceivedFilesError, toReceivedFilesError, type ReceivedFilesErrorCode } from './errors';
export { fileSource } from './file-source';
export { canUsePrivateStorage, clearPrivateStorage, privateStorageSink, privateStorageUse, saveReceivedFile } from './private-storage';
