export * from './account';
export * from './codes';
export * from './migration';
export * from './otpauth-uri';
