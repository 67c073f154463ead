// The system libyaml (`libyaml-dev`, pkg-config `yaml-0.1`): the YAML reader consumes its event stream.
#include <yaml.h>
