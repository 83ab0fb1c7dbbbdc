/** @husk/jq — see README.md. */
export {};
