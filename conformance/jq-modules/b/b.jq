# Found as b/b.jq (DIR/NAME/NAME.jq).
def a: "b";
def b: "c";
