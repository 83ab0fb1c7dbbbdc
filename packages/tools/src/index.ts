/** @husk/tools — see README.md. */
export {};
