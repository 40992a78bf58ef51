// swagger-ui-dist ships no types for the one helper the gateway loads (not its 1.5 MB bundle).
declare module 'swagger-ui-dist/absolute-path.js' {
  /** The directory holding swagger-ui-dist's files. */
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
