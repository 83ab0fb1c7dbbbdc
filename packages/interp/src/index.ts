/** @husk/interp — see README.md. */
export {};
