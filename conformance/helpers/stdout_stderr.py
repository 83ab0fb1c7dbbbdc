#!/usr/bin/perl
# Husk conformance helper: a stand-in for Oils' spec/bin/stdout_stderr.py: prints argv[1]
# (default STDOUT) to stdout, argv[2] (default STDERR) to stderr, exits with argv[3] (default 0).
$| = 1;
print STDOUT (defined $ARGV[0] ? $ARGV[0] : "STDOUT"), "\n";
print STDERR (defined $ARGV[1] ? $ARGV[1] : "STDERR"), "\n";
exit(defined $ARGV[2] ? int($ARGV[2]) : 0);
