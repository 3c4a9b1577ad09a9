export { directorySink, type ReceivedFilesSink } from './directory-sink';
export { ReceivedFilesError, toReceivedFilesError, type ReceivedFilesErrorCode } from './errors';
export { fileSource } from './file-source';
export { canUsePrivateStorage, clearPrivateStorage, privateStorageSink, saveReceivedFile } from './private-storage';
