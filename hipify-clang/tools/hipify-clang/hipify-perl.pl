#!/usr/bin/env perl
# hipify-perl (hipkit). AMD's hipify-perl is a Perl script, so build scripts
# run it as `perl <prefix>/bin/hipify-perl main.cu -o main.hip` as often as
# `hipify-perl ...`; hipkit's translator is the C++ front end in hipify-clang,
# which takes AMD's hipify-perl command line when started under that name.
# This script only starts it, with the same arguments, exit status and
# streams, so both spellings work.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);

my $tool = dirname(abs_path($0)) . "/hipify-clang";
# argv[0] "hipify-perl" selects the hipify-perl command line.
exec { $tool } "hipify-perl", @ARGV
  or die "hipify-perl: error: cannot run '$tool': $!; reinstall hipkit "
  . "(hipify-perl needs hipify-clang beside it)\n";
