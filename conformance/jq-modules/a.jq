# Imported by the corpus's module tests as `foo` and by c/c.jq.
module {version: "husk"};
def a: "a";
