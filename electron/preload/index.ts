import { contextBridge, webUtils } from 'electron';
import { createNativeApi } from './api';
import { readApiUrl } from './arguments';
import { invoke, on } from './ipc';

const api = createNativeApi({
  invoke,
  on,
  getPathForFile: (file) => webUtils.getPathForFile(file),
  apiUrl: readApiUrl(process.argv),
});

contextBridge.exposeInMainWorld('native', api);
