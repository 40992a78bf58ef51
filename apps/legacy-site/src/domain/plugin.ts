/** The version of the CMS plugin the site simulates, as /sync/ping, /utilities and /admin report it. */
export const PLUGIN_VERSION = '1.2.0';
