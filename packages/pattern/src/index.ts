/** @husk/pattern — see README.md. */
export {};
