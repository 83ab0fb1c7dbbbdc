/** @husk/grep — see README.md. */
export {};
