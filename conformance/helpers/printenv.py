#!/usr/bin/perl
# Husk conformance helper: a stand-in for Oils' spec/bin/printenv.py: prints each named
# environment variable's value, or `None` when it is not set.
for my $name (@ARGV) {
  print defined $ENV{$name} ? $ENV{$name} : "None", "\n";
}
