#!/usr/bin/perl
# Husk conformance helper: a stand-in for Oils' spec/bin/argv.py (Python 2), which prints
# sys.argv[1:] as a Python 2 list of byte-string reprs. Perl because python2 is rarely installed.
use strict;
sub pyrepr {
  my ($s) = @_;
  my $q = ($s =~ /'/ && $s !~ /"/) ? '"' : "'";
  $s =~ s/([\\$q])/\\$1/g;
  $s =~ s/\t/\\t/g;
  $s =~ s/\n/\\n/g;
  $s =~ s/\r/\\r/g;
  $s =~ s/([^\x20-\x7e])/sprintf("\\x%02x", ord($1))/ge;
  return "$q$s$q";
}
print "[", join(", ", map { pyrepr($_) } @ARGV), "]\n";
