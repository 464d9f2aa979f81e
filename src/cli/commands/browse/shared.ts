/** What the grid commands share. */

export const CONN_HELP = "a saved connection's name, or a URL such as http://localhost:9200";
