# modulemeta of "c" lists this metadata, these six imports and the defs a/0 and c/0.
module {whatever: null};
import "a" as foo;
import "d" as d {search: "./"};
import "d" as d2 {search: "./"};
import "e" as e {search: "./../lib/jq"};
import "f" as f {search: "./../lib/jq"};
import "data" as $d;
def a: 0;
def c:
  if $d::d[0].this != "is a test" then error("data import failed")
  else foo::a + "c" + d::meh + e::bah end;
