/** @husk/sed — see README.md. */
export {};
